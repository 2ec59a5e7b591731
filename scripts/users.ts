// `npm run users -- confirm <email>` and `npm run users -- reset-link <email>`: what the operator of
// an instance without mail (MAIL_TRANSPORT=none) does in place of the links mail would carry. With
// the embedded database, stop the server first (one process at a time can open it).
import { db } from "@/lib/platform/db/client";
import { confirmAddressByOperator } from "@/lib/domain/users/confirm-address-by-operator";
import { resetLinkForOperator } from "@/lib/domain/users/reset-link-for-operator";

const USAGE = "Usage: npm run users -- confirm <email>   |   npm run users -- reset-link <email>";

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  if (!email || args.length !== 2) {
    console.error(USAGE);
    return 2;
  }
  if (command === "confirm") {
    const outcome = await confirmAddressByOperator(email);
    const said = { confirmed: `Confirmed ${email}.`, "already-confirmed": `${email} was already confirmed.`, "no-account": `No account uses ${email}.` };
    (outcome === "no-account" ? console.error : console.log)(said[outcome]);
    return outcome === "no-account" ? 1 : 0;
  }
  if (command === "reset-link") {
    const link = await resetLinkForOperator(email);
    if (!link) {
      console.error(`No account uses ${email}.`);
      return 1;
    }
    console.log(`Pass this on to the owner of ${email} (it works once, for one hour):\n${link}`);
    return 0;
  }
  console.error(USAGE);
  return 2;
}

main(process.argv.slice(2))
  .then(async (code) => {
    await db.$disconnect();
    process.exit(code);
  })
  .catch((error) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
