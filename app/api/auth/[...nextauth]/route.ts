import NextAuth from "next-auth";
import { authOptions } from "@/lib/surfaces/auth/options";
import { withRetryAfter } from "@/lib/surfaces/auth/retry-after";
import { refuseApiKey } from "@/lib/surfaces/api/refuse-api-key";

type Context = { params: Promise<{ nextauth: string[] }> };

async function handle(request: Request, context: Context) {
  const refused = refuseApiKey(request.headers);
  if (refused) return refused;
  const response: Response = await NextAuth(authOptions())(request, context);
  return request.method === "POST" ? withRetryAfter(response) : response;
}

export { handle as GET, handle as POST };
