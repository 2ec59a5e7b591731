/** The portal's mark in its header: the workspace's logo when it has one, then its name. */
export function PortalBrand({ name, logoUrl }: { name: string; logoUrl: string | null }) {
  return (
    <span className="flex min-w-0 items-center gap-2">
      {/* The name beside it says what the logo says: the image is decoration for assistive technology. */}
      {/* eslint-disable-next-line @next/next/no-img-element -- a small stored image, no optimisation needed */}
      {logoUrl ? <img src={logoUrl} alt="" className="h-8 w-auto max-w-32 shrink-0 object-contain" data-testid="portal-logo" /> : null}
      <span dir="auto" className="truncate">{name}</span>
    </span>
  );
}
