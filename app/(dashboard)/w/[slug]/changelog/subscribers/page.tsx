import type { Metadata } from "next";
import { SubscribersPage } from "../../subscribers-page";
import { removeChangelogSubscriberAction } from "@/lib/surfaces/actions/dashboard/subscribers";

export const metadata: Metadata = { title: "Changelog subscribers" };

type Props = { params: Promise<{ slug: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** `?q=` searches addresses, `?page=` pages: the list's state is in the URL. */
export default async function ChangelogSubscribersPage({ params, searchParams }: Props) {
  const [{ slug }, search] = await Promise.all([params, searchParams]);
  return <SubscribersPage slug={slug} topic="CHANGELOG" search={search} remove={removeChangelogSubscriberAction.bind(null, slug)} />;
}
