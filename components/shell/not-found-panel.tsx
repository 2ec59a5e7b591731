import Link from "next/link";

export interface WayBack {
  href: string;
  label: string;
}

/**
 * The body of every 404: says what happened in plain words and offers a way back, the first link
 * the likeliest one. Rendered inside whatever chrome the 404 happened in (dashboard, workspace,
 * portal), so the navigation around it keeps working.
 */
export function NotFoundPanel({
  title = "Page not found",
  description,
  ways,
  landmark = true,
}: {
  title?: string;
  description: string;
  ways: WayBack[];
  /** False where the surrounding layout already holds the page's <main> (the portal). */
  landmark?: boolean;
}) {
  const Root = landmark ? "main" : "div";
  return (
    <Root className="mx-auto max-w-xl px-4 py-16 text-center sm:py-24" data-testid="not-found">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight text-slate-900">{title}</h1>
      <p className="mt-2 text-slate-600">{description}</p>
      <ul className="mt-8 flex flex-col items-center justify-center gap-3 sm:flex-row">
        {ways.map((way, index) => (
          <li key={way.href}>
            <Link
              href={way.href}
              className={
                index === 0
                  ? "inline-flex rounded-md bg-indigo-600 px-4 py-2 text-sm font-medium text-white hover:bg-indigo-500"
                  : "inline-flex rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50"
              }
            >
              {way.label}
            </Link>
          </li>
        ))}
      </ul>
    </Root>
  );
}
