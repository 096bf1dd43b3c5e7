import type { Metadata } from "next";
import { ApiReference } from "@/components/docs/api-reference.tsx";
import { forPage, referenceData, SPEC_URL } from "./reference-data.ts";

export const metadata: Metadata = { title: "API reference" };

/** The reference's overview: introduction, authentication, errors and the areas, each a page of its own. */
export default async function ApiReferencePage() {
  const { spec, session } = await referenceData();
  return <ApiReference spec={forPage(spec)} specUrl={SPEC_URL} session={session} />;
}
