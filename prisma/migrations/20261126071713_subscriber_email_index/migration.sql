-- CreateIndex
CREATE INDEX "Subscriber_email_confirmSentAt_idx" ON "Subscriber"("email", "confirmSentAt");
