import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import styles from "@/components/docs/guide.module.css";
import { GUIDES, guideNamed, readGuide, renderGuide } from "@/lib/docs/guides.ts";

type Props = { params: Promise<{ slug: string }> };

export function generateStaticParams() {
  return GUIDES.map((g) => ({ slug: g.slug }));
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const guide = guideNamed((await params).slug);
  return { title: guide ? `${guide.title} · Developer docs` : "Developer docs" };
}

/** One guide, rendered from docs/guides/<slug>.md: the repository's file is the page. */
export default async function GuidePage({ params }: Props) {
  const { slug } = await params;
  const markdown = await readGuide(slug);
  if (markdown === undefined) notFound();
  const index = GUIDES.findIndex((g) => g.slug === slug);
  const [previous, next] = [GUIDES[index - 1], GUIDES[index + 1]];
  return (
    <main className={styles.page}>
      <nav className={styles.nav} aria-label="Docs">
        <Link href="/docs">All guides</Link>
        <Link href="/docs/api">API reference</Link>
        {previous && <Link href={`/docs/guides/${previous.slug}`}>← {previous.title}</Link>}
        {next && <Link href={`/docs/guides/${next.slug}`}>{next.title} →</Link>}
      </nav>
      {/* Our own Markdown from the repository, not user content. */}
      <article className={styles.body} dangerouslySetInnerHTML={{ __html: renderGuide(markdown) }} />
    </main>
  );
}
