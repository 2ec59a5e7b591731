/**
 * The small round picture an SSO user's token gave (the customer's own image of them). Decorative:
 * the name beside it says who it is. Loaded without a referrer, so the customer's image host does
 * not learn which portal page was read.
 */
export function Avatar({ src }: { src: string }) {
  // eslint-disable-next-line @next/next/no-img-element
  return <img src={src} alt="" width={20} height={20} loading="lazy" referrerPolicy="no-referrer" className="me-1.5 inline-block size-5 rounded-full object-cover align-[-5px]" data-testid="author-avatar" />;
}
