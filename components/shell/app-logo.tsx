// The product's mark, the same drawing as app/icon.svg (the favicon): decorative beside the name.
export function AppLogo({ className = "size-6" }: { className?: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 32 32" className={`shrink-0 ${className}`}>
      <rect width="32" height="32" rx="8" fill="#4f46e5" />
      <rect x="8" y="8.5" width="16" height="4" rx="2" fill="#fff" />
      <rect x="8" y="14" width="11" height="4" rx="2" fill="#fff" fillOpacity=".85" />
      <rect x="8" y="19.5" width="6" height="4" rx="2" fill="#fff" fillOpacity=".7" />
    </svg>
  );
}
