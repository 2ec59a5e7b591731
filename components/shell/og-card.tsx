// The 1200×630 social card drawn by ImageResponse (satori: inline styles, flexbox only). No font is
// loaded from anywhere: satori's bundled default draws the text, so it renders offline.
export const OG_SIZE = { width: 1200, height: 630 };

export function OgCard({ eyebrow, title, subtitle }: { eyebrow: string; title: string; subtitle: string }) {
  return (
    <div style={{ width: "100%", height: "100%", display: "flex", flexDirection: "column", justifyContent: "space-between", padding: 80, background: "#f8fafc", color: "#0f172a" }}>
      <div style={{ display: "flex", alignItems: "center", gap: 20 }}>
        <svg width="72" height="72" viewBox="0 0 32 32">
          <rect width="32" height="32" rx="8" fill="#4f46e5" />
          <rect x="8" y="8.5" width="16" height="4" rx="2" fill="#fff" />
          <rect x="8" y="14" width="11" height="4" rx="2" fill="#fff" fillOpacity=".85" />
          <rect x="8" y="19.5" width="6" height="4" rx="2" fill="#fff" fillOpacity=".7" />
        </svg>
        <div style={{ fontSize: 34, color: "#4f46e5" }}>{eyebrow}</div>
      </div>
      <div style={{ display: "flex", flexDirection: "column", gap: 24 }}>
        <div style={{ fontSize: title.length > 28 ? 64 : 84, lineHeight: 1.05, letterSpacing: -2, overflow: "hidden", maxHeight: 300 }}>{title}</div>
        <div style={{ fontSize: 34, color: "#475569" }}>{subtitle}</div>
      </div>
      <div style={{ display: "flex", height: 12, width: "100%", background: "#4f46e5", borderRadius: 6 }} />
    </div>
  );
}
