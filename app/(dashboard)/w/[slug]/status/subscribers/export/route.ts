import { subscribersCsv } from "../../../subscribers-page";

export async function GET(request: Request, { params }: { params: Promise<{ slug: string }> }): Promise<Response> {
  return subscribersCsv((await params).slug, "STATUS", request);
}
