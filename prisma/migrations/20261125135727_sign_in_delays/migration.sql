-- AlterTable
ALTER TABLE "User" ADD COLUMN     "signInWarningSentAt" TIMESTAMPTZ(3);

-- CreateTable
CREATE TABLE "SignInThrottle" (
    "key" TEXT NOT NULL,
    "failures" INTEGER NOT NULL,
    "lastFailureAt" TIMESTAMPTZ(3) NOT NULL,
    "blockedUntil" TIMESTAMPTZ(3),

    CONSTRAINT "SignInThrottle_pkey" PRIMARY KEY ("key")
);

-- CreateTable
CREATE TABLE "SignInFailure" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "ip" TEXT NOT NULL,
    "createdAt" TIMESTAMPTZ(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "SignInFailure_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "SignInThrottle_lastFailureAt_idx" ON "SignInThrottle"("lastFailureAt");

-- CreateIndex
CREATE INDEX "SignInFailure_userId_createdAt_idx" ON "SignInFailure"("userId", "createdAt");

-- AddForeignKey
ALTER TABLE "SignInFailure" ADD CONSTRAINT "SignInFailure_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
