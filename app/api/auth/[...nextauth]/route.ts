import NextAuth from "next-auth";
import { authOptions } from "@/lib/auth/options";
import { refuseApiKey } from "@/lib/api/refuse-api-key";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handle(request: Request, context: Context) {
  const refused = refuseApiKey(request.headers);
  if (refused) return refused;
  return NextAuth(authOptions())(request, context);
}

export { handle as GET, handle as POST };
