/** Sample records of the demo tenant; `ref` keys let lookups point at records created earlier. */
export interface DemoRecord {
  ref: string;
  data: Record<string, unknown>;
}

export const DEMO_RECORDS: Record<string, DemoRecord[]> = {
  company: [
    {
      ref: "acme",
      data: {
        name: "Acme Corporation",
        domain: "https://acme.example",
        industry: "manufacturing",
        employees: 1200,
        annual_revenue: "52000000.00",
      },
    },
    {
      ref: "globex",
      data: { name: "Globex Inc.", domain: "https://globex.example", industry: "software", employees: 310, annual_revenue: "18500000.00" },
    },
    { ref: "initech", data: { name: "Initech", domain: "https://initech.example", industry: "software", employees: 85 } },
    { ref: "umbrella", data: { name: "Umbrella Health", domain: "https://umbrella.example", industry: "healthcare", employees: 4300 } },
    { ref: "soylent", data: { name: "Société Générale de Soylent", industry: "retail", employees: 640 } },
  ],
  contact: [
    {
      ref: "jose",
      data: {
        first_name: "José",
        last_name: "Núñez",
        email: "jose.nunez@acme.example",
        job_title: "CTO",
        company: "@acme",
        lifecycle_stage: "customer",
      },
    },
    {
      ref: "zoe",
      data: {
        first_name: "Zoë",
        last_name: "Saldaña",
        email: "zoe@globex.example",
        job_title: "VP Sales",
        company: "@globex",
        lifecycle_stage: "lead",
      },
    },
    {
      ref: "soren",
      data: {
        first_name: "Søren",
        last_name: "Kierkegaard",
        email: "soren@initech.example",
        company: "@initech",
        lifecycle_stage: "subscriber",
      },
    },
    {
      ref: "lukasz",
      data: { first_name: "Łukasz", last_name: "Żółć", email: "lukasz@umbrella.example", phone: "+48 22 123 45 67", company: "@umbrella" },
    },
    {
      ref: "ada",
      data: {
        first_name: "Ada",
        last_name: "Lovelace",
        email: "ada@acme.example",
        job_title: "Head of Engineering",
        company: "@acme",
        lifecycle_stage: "customer",
      },
    },
    {
      ref: "grace",
      data: { first_name: "Grace", last_name: "Hopper", email: "grace@globex.example", company: "@globex", do_not_email: true },
    },
  ],
  lead: [
    {
      ref: "l1",
      data: {
        first_name: "Marie",
        last_name: "Curie",
        email: "marie@radium.example",
        company_name: "Radium Labs",
        status: "new",
        source: "web",
        score: 42,
      },
    },
    {
      ref: "l2",
      data: {
        first_name: "Nikola",
        last_name: "Tesla",
        email: "nikola@ac.example",
        company_name: "AC Systems",
        status: "contacted",
        source: "event",
        score: 77,
      },
    },
    { ref: "l3", data: { last_name: "Dvořák", company_name: "Symphony Co", status: "qualified", source: "referral", score: 90 } },
  ],
  product: [
    { ref: "p1", data: { name: "CRM Starter", sku: "CRM-START", price: "29.00", active: true, description: "Up to 5 seats" } },
    { ref: "p2", data: { name: "CRM Professional", sku: "CRM-PRO", price: "99.00", active: true } },
    { ref: "p3", data: { name: "Onboarding package", sku: "SVC-ONB", price: "1500.00", active: true } },
  ],
  opportunity: [
    {
      ref: "o1",
      data: {
        name: "Acme expansion",
        company: "@acme",
        contact: "@jose",
        stage: "proposal",
        amount: "48000.00",
        probability: 60,
        close_date: "2027-01-31",
        tags: ["upsell"],
      },
    },
    {
      ref: "o2",
      data: {
        name: "Globex renewal",
        company: "@globex",
        contact: "@zoe",
        stage: "negotiation",
        amount: "18000.00",
        probability: 80,
        close_date: "2026-12-15",
        tags: ["renewal"],
      },
    },
    { ref: "o3", data: { name: "Initech pilot", company: "@initech", stage: "qualification", amount: "5000.00", probability: 20 } },
  ],
  project: [
    { ref: "pr1", data: { name: "Acme rollout", status: "active", budget: "25000.00", company: "@acme", due_date: "2027-03-01" } },
    { ref: "pr2", data: { name: "Globex data migration", status: "planned", budget: "8000.00", company: "@globex" } },
  ],
};

/** The demo's custom object, created through the same service as one made in settings. */
export const DEMO_CUSTOM_OBJECT = {
  object: { apiName: "project", label: "Project", pluralLabel: "Projects", description: "Delivery projects after a deal closes" },
  fields: [
    {
      apiName: "status",
      label: "Status",
      type: "select",
      options: [
        { value: "planned", label: "Planned" },
        { value: "active", label: "Active" },
        { value: "done", label: "Done" },
      ],
    },
    { apiName: "budget", label: "Budget", type: "currency" },
    { apiName: "company", label: "Company", type: "lookup", targetObject: "company" },
    { apiName: "due_date", label: "Due date", type: "date" },
  ],
} as const;
