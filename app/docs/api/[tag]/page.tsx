import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { ApiReference } from "@/components/docs/api-reference.tsx";
import { tagTitle } from "@/components/docs/sidebar-nav.tsx";
import { forPage, referenceData, SPEC_URL } from "../reference-data.ts";

type Props = { params: Promise<{ tag: string }> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  return { title: `${tagTitle(decodeURIComponent((await params).tag))} · API reference` };
}

/** One area of the API (an OpenAPI tag): its operations, each with parameters, schemas, an example and Try it. */
export default async function ApiAreaPage({ params }: Props) {
  const tag = decodeURIComponent((await params).tag);
  const { spec, session } = await referenceData();
  if (!spec.operations.some((op) => op.tag === tag)) notFound();
  return <ApiReference spec={forPage(spec, tag)} specUrl={SPEC_URL} session={session} currentTag={tag} />;
}
