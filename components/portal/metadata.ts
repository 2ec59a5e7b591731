import type { Metadata } from "next";

/** Title, description and social-preview fields for one portal page. */
export function portalMetadata(input: { workspace: { name: string }; title?: string; description: string; type?: "website" | "article"; publishedTime?: string }): Metadata {
  const title = input.title ? `${input.title} · ${input.workspace.name}` : input.workspace.name;
  return {
    title: { absolute: title },
    description: input.description,
    openGraph: {
      title,
      description: input.description,
      siteName: input.workspace.name,
      type: input.type ?? "website",
      ...(input.publishedTime ? { publishedTime: input.publishedTime } : {}),
    },
    twitter: { card: "summary_large_image", title, description: input.description },
  };
}
