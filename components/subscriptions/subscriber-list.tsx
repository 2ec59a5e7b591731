import Link from "next/link";
import { Button } from "@/components/ui/button";
import { LocalTime } from "@/components/ui/local-time";

export interface SubscriberListView {
  total: number;
  matching: number;
  page: number;
  pages: number;
  items: { id: string; email: string; since: string; components: string[] | null }[];
}

/**
 * A topic's confirmed subscribers: the count, a search (kept in the URL as ?q=), pages, CSV export
 * and, for those who may, a remove button per row. `remove` is a server action taking the form.
 */
export function SubscriberList({
  title,
  intro,
  basePath,
  exportPath,
  list,
  q,
  showComponents,
  remove,
  back,
}: {
  title: string;
  intro: string;
  basePath: string;
  exportPath: string;
  list: SubscriberListView;
  q: string;
  showComponents: boolean;
  remove: (formData: FormData) => Promise<void>;
  back: { href: string; label: string };
}) {
  const pageHref = (page: number) => `${basePath}?${new URLSearchParams({ ...(q ? { q } : {}), ...(page > 1 ? { page: String(page) } : {}) })}`;
  return (
    <main className="space-y-6">
      <Link href={back.href} className="text-sm text-slate-600 hover:text-slate-900">
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-xl">
          <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-1 text-sm text-slate-600">{intro}</p>
          <p className="mt-2 text-sm font-medium text-slate-900" data-testid="subscriber-count">
            {list.total === 1 ? "1 confirmed subscriber" : `${list.total} confirmed subscribers`}
          </p>
        </div>
        <a href={`${exportPath}${q ? `?q=${encodeURIComponent(q)}` : ""}`} className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-900 hover:bg-slate-50" download>
          Export CSV
        </a>
      </div>
      <form method="get" action={basePath} role="search" className="flex max-w-md gap-2">
        <label htmlFor="subscriber-search" className="sr-only">
          Search addresses
        </label>
        <input id="subscriber-search" name="q" type="search" defaultValue={q} maxLength={200} placeholder="Search addresses" className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm" />
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </form>
      {list.items.length === 0 ? (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white p-8 text-center text-sm text-slate-600">{q ? `No subscriber matches “${q}”.` : "No one has subscribed yet."}</p>
      ) : (
        <div className="max-w-full overflow-x-auto rounded-xl border border-slate-200 bg-white">
          <table className="w-full text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs tracking-wide text-slate-600 uppercase">
              <tr>
                <th scope="col" className="px-4 py-2 font-medium">
                  Address
                </th>
                <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                  Since
                </th>
                {showComponents ? (
                  <th scope="col" className="hidden px-4 py-2 font-medium sm:table-cell">
                    Components
                  </th>
                ) : null}
                <th scope="col" className="px-4 py-2 font-medium">
                  <span className="sr-only">Remove</span>
                </th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {list.items.map((item) => (
                <tr key={item.id} data-testid="subscriber-row">
                  <td className="px-4 py-2 break-words text-slate-900 [overflow-wrap:anywhere]">
                    {item.email}
                    {/* On a phone the date and components go under the address instead of in columns of their own. */}
                    <span className="block text-xs text-slate-500 sm:hidden">
                      <LocalTime value={item.since} />
                      {showComponents ? <> · {componentsOf(item.components)}</> : null}
                    </span>
                  </td>
                  <td className="hidden px-4 py-2 whitespace-nowrap text-slate-600 sm:table-cell">
                    <LocalTime value={item.since} />
                  </td>
                  {showComponents ? <td className="hidden px-4 py-2 text-slate-600 sm:table-cell">{componentsOf(item.components)}</td> : null}
                  <td className="px-4 py-2 text-right">
                    <form action={remove}>
                      <input type="hidden" name="id" value={item.id} />
                      <Button type="submit" variant="ghost" aria-label={`Remove ${item.email}`}>
                        Remove
                      </Button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {list.pages > 1 ? (
        <nav aria-label="Pages" className="flex items-center gap-3 text-sm">
          {list.page > 1 ? <Link href={pageHref(list.page - 1)}>Previous</Link> : null}
          <span className="text-slate-600">
            Page {list.page} of {list.pages}
          </span>
          {list.page < list.pages ? <Link href={pageHref(list.page + 1)}>Next</Link> : null}
        </nav>
      ) : null}
    </main>
  );
}

function componentsOf(components: string[] | null): string {
  return components === null ? "All" : components.join(", ") || "None left";
}
