-- AlterTable
ALTER TABLE "User" ADD COLUMN     "avatarUrl" TEXT,
ADD COLUMN     "ssoEmail" TEXT,
ADD COLUMN     "ssoExternalId" TEXT,
ADD COLUMN     "ssoWorkspaceId" TEXT;

-- CreateTable
CREATE TABLE "SsoSettings" (
    "workspaceId" TEXT NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "signInUrl" TEXT,
    "ssoOnly" BOOLEAN NOT NULL DEFAULT false,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SsoSettings_pkey" PRIMARY KEY ("workspaceId")
);

-- CreateTable
CREATE TABLE "SsoSecret" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "sealed" TEXT NOT NULL,
    "hint" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "revokedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SsoSecret_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoTokenUse" (
    "workspaceId" TEXT NOT NULL,
    "jti" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SsoTokenUse_pkey" PRIMARY KEY ("workspaceId","jti")
);

-- CreateTable
CREATE TABLE "SsoState" (
    "hash" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "returnPath" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "usedAt" TIMESTAMPTZ(3),

    CONSTRAINT "SsoState_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "SsoSession" (
    "hash" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "expiresAt" TIMESTAMPTZ(3) NOT NULL,
    "endedAt" TIMESTAMPTZ(3),
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SsoSession_pkey" PRIMARY KEY ("hash")
);

-- CreateTable
CREATE TABLE "SsoCompany" (
    "id" TEXT NOT NULL,
    "workspaceId" TEXT NOT NULL,
    "externalId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "monthlySpend" DECIMAL(14,2) NOT NULL DEFAULT 0,
    "updatedAt" TIMESTAMPTZ(3) NOT NULL,

    CONSTRAINT "SsoCompany_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "SsoUserCompany" (
    "userId" TEXT NOT NULL,
    "companyId" TEXT NOT NULL,

    CONSTRAINT "SsoUserCompany_pkey" PRIMARY KEY ("userId","companyId")
);

-- CreateIndex
CREATE INDEX "SsoSecret_workspaceId_idx" ON "SsoSecret"("workspaceId");

-- CreateIndex
CREATE INDEX "SsoTokenUse_expiresAt_idx" ON "SsoTokenUse"("expiresAt");

-- CreateIndex
CREATE INDEX "SsoState_expiresAt_idx" ON "SsoState"("expiresAt");

-- CreateIndex
CREATE INDEX "SsoState_workspaceId_idx" ON "SsoState"("workspaceId");

-- CreateIndex
CREATE INDEX "SsoSession_userId_idx" ON "SsoSession"("userId");

-- CreateIndex
CREATE INDEX "SsoSession_workspaceId_idx" ON "SsoSession"("workspaceId");

-- CreateIndex
CREATE UNIQUE INDEX "SsoCompany_workspaceId_externalId_key" ON "SsoCompany"("workspaceId", "externalId");

-- CreateIndex
CREATE INDEX "SsoUserCompany_companyId_idx" ON "SsoUserCompany"("companyId");

-- CreateIndex
CREATE INDEX "User_ssoWorkspaceId_ssoEmail_idx" ON "User"("ssoWorkspaceId", "ssoEmail");

-- CreateIndex
CREATE UNIQUE INDEX "User_ssoWorkspaceId_ssoExternalId_key" ON "User"("ssoWorkspaceId", "ssoExternalId");

-- AddForeignKey
ALTER TABLE "User" ADD CONSTRAINT "User_ssoWorkspaceId_fkey" FOREIGN KEY ("ssoWorkspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoSettings" ADD CONSTRAINT "SsoSettings_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoSecret" ADD CONSTRAINT "SsoSecret_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoTokenUse" ADD CONSTRAINT "SsoTokenUse_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoState" ADD CONSTRAINT "SsoState_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoSession" ADD CONSTRAINT "SsoSession_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoSession" ADD CONSTRAINT "SsoSession_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoCompany" ADD CONSTRAINT "SsoCompany_workspaceId_fkey" FOREIGN KEY ("workspaceId") REFERENCES "Workspace"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoUserCompany" ADD CONSTRAINT "SsoUserCompany_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "SsoUserCompany" ADD CONSTRAINT "SsoUserCompany_companyId_fkey" FOREIGN KEY ("companyId") REFERENCES "SsoCompany"("id") ON DELETE CASCADE ON UPDATE CASCADE;
