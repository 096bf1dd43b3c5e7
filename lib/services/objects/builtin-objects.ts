import type { FieldInput } from "@/lib/schemas/fields.ts";

export interface ObjectBlueprint {
  apiName: string;
  label: string;
  pluralLabel: string;
  description: string;
  fields: FieldInput[];
}

const opt = (...values: string[]) => values.map((v) => ({ value: v, label: v.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase()) }));

/** The objects every tenant starts with. Their fields are ordinary fields, editable in settings. */
export const BUILTIN_OBJECTS: ObjectBlueprint[] = [
  {
    apiName: "company",
    label: "Company",
    pluralLabel: "Companies",
    description: "Organizations you sell to",
    fields: [
      { apiName: "name", label: "Name", type: "text", required: true },
      { apiName: "domain", label: "Website", type: "url" },
      {
        apiName: "industry",
        label: "Industry",
        type: "select",
        options: opt("software", "manufacturing", "retail", "finance", "healthcare", "other"),
      },
      { apiName: "employees", label: "Employees", type: "number" },
      { apiName: "annual_revenue", label: "Annual revenue", type: "currency" },
      {
        apiName: "open_deals",
        label: "Opportunities",
        type: "rollup",
        rollup: { childObject: "opportunity", childField: "company", aggregate: "count" },
      },
      {
        apiName: "pipeline_amount",
        label: "Pipeline amount",
        type: "rollup",
        rollup: { childObject: "opportunity", childField: "company", aggregate: "sum", valueField: "amount" },
      },
    ],
  },
  {
    apiName: "contact",
    label: "Contact",
    pluralLabel: "Contacts",
    description: "People you work with",
    fields: [
      { apiName: "first_name", label: "First name", type: "text" },
      { apiName: "last_name", label: "Last name", type: "text", required: true },
      { apiName: "email", label: "Email", type: "email", unique: true },
      { apiName: "phone", label: "Phone", type: "phone" },
      { apiName: "job_title", label: "Job title", type: "text" },
      { apiName: "company", label: "Company", type: "lookup", targetObject: "company" },
      {
        apiName: "lifecycle_stage",
        label: "Lifecycle stage",
        type: "select",
        options: opt("subscriber", "lead", "customer", "evangelist"),
      },
      { apiName: "do_not_email", label: "Do not email", type: "boolean" },
      { apiName: "birthday", label: "Birthday", type: "date" },
      {
        apiName: "full_name",
        label: "Full name",
        type: "formula",
        expression: 'IF(ISBLANK(first_name), last_name, CONCAT(first_name, " ", last_name))',
      },
    ],
  },
  {
    apiName: "lead",
    label: "Lead",
    pluralLabel: "Leads",
    description: "Prospects not yet qualified",
    fields: [
      { apiName: "first_name", label: "First name", type: "text" },
      { apiName: "last_name", label: "Last name", type: "text", required: true },
      { apiName: "email", label: "Email", type: "email" },
      { apiName: "company_name", label: "Company name", type: "text" },
      { apiName: "status", label: "Status", type: "select", required: true, options: opt("new", "contacted", "qualified", "unqualified") },
      { apiName: "source", label: "Source", type: "select", options: opt("web", "referral", "event", "partner", "outbound") },
      { apiName: "score", label: "Score", type: "number" },
      { apiName: "notes", label: "Notes", type: "textarea" },
    ],
  },
  {
    apiName: "opportunity",
    label: "Opportunity",
    pluralLabel: "Opportunities",
    description: "Deals in your pipeline",
    fields: [
      { apiName: "name", label: "Name", type: "text", required: true },
      { apiName: "company", label: "Company", type: "lookup", targetObject: "company" },
      { apiName: "contact", label: "Primary contact", type: "lookup", targetObject: "contact" },
      {
        apiName: "stage",
        label: "Stage",
        type: "select",
        required: true,
        options: opt("prospecting", "qualification", "proposal", "negotiation", "closed_won", "closed_lost"),
      },
      { apiName: "amount", label: "Amount", type: "currency" },
      { apiName: "probability", label: "Probability", type: "percent" },
      { apiName: "close_date", label: "Close date", type: "date" },
      { apiName: "tags", label: "Tags", type: "multiselect", options: opt("upsell", "renewal", "new_business", "strategic") },
      { apiName: "expected_revenue", label: "Expected revenue", type: "formula", expression: "ROUND(amount * probability / 100, 2)" },
    ],
  },
  {
    apiName: "product",
    label: "Product",
    pluralLabel: "Products",
    description: "What you sell",
    fields: [
      { apiName: "name", label: "Name", type: "text", required: true },
      { apiName: "sku", label: "SKU", type: "text", unique: true },
      { apiName: "price", label: "Unit price", type: "currency" },
      { apiName: "active", label: "Active", type: "boolean" },
      { apiName: "description", label: "Description", type: "textarea" },
      { apiName: "last_restocked_at", label: "Last restocked", type: "datetime" },
    ],
  },
];
