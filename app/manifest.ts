import type { MetadataRoute } from "next";

// What a browser needs to install the dashboard to a home screen: name, colours, icons (public/).
export default function manifest(): MetadataRoute.Manifest {
  return {
    name: "Workspace",
    short_name: "Workspace",
    description: "Feedback boards, roadmap, changelog, status page and todos, with a public API.",
    start_url: "/workspaces",
    display: "standalone",
    background_color: "#f8fafc",
    theme_color: "#4f46e5",
    icons: [
      { src: "/icon-192.png", sizes: "192x192", type: "image/png", purpose: "any" },
      { src: "/icon-512.png", sizes: "512x512", type: "image/png", purpose: "any" },
      { src: "/icon-maskable-512.png", sizes: "512x512", type: "image/png", purpose: "maskable" },
    ],
  };
}
