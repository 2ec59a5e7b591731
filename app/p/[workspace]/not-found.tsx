import Link from "next/link";

export default function PortalNotFound() {
  return (
    <div className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">Nothing here</h1>
      <p className="mt-2 text-slate-600">This page does not exist, or it is not public.</p>
      <Link href="/" className="mt-6 inline-block font-medium text-indigo-700 underline">
        Go home
      </Link>
    </div>
  );
}
