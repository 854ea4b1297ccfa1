import type { OrganizationContact, OrganizationProduct } from "../db/schema/index.ts";

/**
 * The demo portal's organizations (their people are in people.ts).
 * Everything here is invented: no name, address or person is a real one. Addresses and
 * domains are reserved for examples: mail and websites on example.com / example.org
 * (RFC 2606), phone numbers in the ranges regulators keep for fiction (North America
 * 555-0100–0199; UK Ofcom's drama numbers; Germany's Bundesnetzagentur film numbers;
 * Australia's ACMA 5550 range), network addresses in the documentation ranges (RFC 5737,
 * RFC 3849).
 */

type DemoOrganizationDetails = {
  name: string;
  kind: "clinic" | "hospital" | "distributor" | "research_site";
  street: string;
  city: string;
  region: string;
  postalCode: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  phone: string | null;
  email: string | null;
  website: string | null;
  contacts: OrganizationContact[];
  products: OrganizationProduct[];
};

/** How an organization reached its certification status (the seed replays it through the domain). */
type DemoCertification =
  /** Certified when it was added, until this many days from now. */
  | { status: "certified"; untilInDays: number }
  /** In training when it was added, certified this many days ago (for two years, as the programme runs). */
  | { status: "certified"; certifiedDaysAgo: number }
  /** Certified when it was added; the certification ran out and was marked lapsed this many days ago. */
  | { status: "lapsed"; lapsedDaysAgo: number }
  | { status: "in_training" }
  | { status: "not_certified" };

export type DemoOrganization = {
  /** How people below refer to it. */
  key: string;
  details: DemoOrganizationDetails;
  /** When it was added to the portal: 60 is the first import. */
  addedDaysAgo: number;
  certification: DemoCertification;
  /** Listed on the public locations page; `changedDaysAgo`: it had the other setting until then. */
  listing: { listed: boolean; changedDaysAgo?: number };
  /** An edit some days ago: the details it had before (the ones above are the current ones). */
  edit?: { daysAgo: number; before: Partial<DemoOrganizationDetails> };
};

export const importDaysAgo = 60;

const contact = (name: string, role: string | null, email: string | null, phone: string | null) => ({
  name,
  role,
  email,
  phone,
});

export const demoOrganizations: DemoOrganization[] = [
  {
    key: "prairie-creek",
    details: {
      name: "Prairie Creek Family Clinic",
      kind: "clinic",
      street: "418 Willow Bend Road",
      city: "Madison",
      region: "WI",
      postalCode: "53711",
      country: "US",
      phone: "+1 608 555 0117",
      email: "frontdesk@prairiecreek.example.org",
      website: "https://prairiecreek.example.org",
      contacts: [
        contact("Rebecca Thornton", "Practice manager", "r.thornton@prairiecreek.example.org", "+1 608 555 0118"),
        contact("Luis Araujo", "Lead screening nurse", "l.araujo@prairiecreek.example.org", null),
      ],
      products: [
        { product: "v5", units: 2 },
        { product: "v4", units: 1 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 430 },
    listing: { listed: true },
  },
  {
    key: "lakeshore",
    details: {
      name: "Lakeshore Bone Health Center",
      kind: "clinic",
      street: "2290 North Harbor Drive",
      city: "Milwaukee",
      region: "WI",
      postalCode: "53202",
      country: "US",
      phone: "+1 414 555 0132",
      email: "hello@lakeshorebone.example.org",
      website: "https://lakeshorebone.example.org",
      contacts: [
        contact("Denise Halvorsen", "Clinic director", "d.halvorsen@lakeshorebone.example.org", "+1 414 555 0133"),
      ],
      products: [{ product: "v5", units: 3 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "in_training" },
    listing: { listed: false },
  },
  {
    key: "cedar-bend",
    details: {
      name: "Cedar Bend Community Hospital",
      kind: "hospital",
      street: "1500 Second Avenue SE",
      city: "Cedar Rapids",
      region: "IA",
      postalCode: "52403",
      country: "US",
      phone: "+1 319 555 0148",
      email: "outpatient@cedarbend.example.org",
      website: "https://cedarbend.example.org",
      contacts: [
        contact(
          "Harold Jensen",
          "Director of outpatient services",
          "h.jensen@cedarbend.example.org",
          "+1 319 555 0149",
        ),
        contact("Mariam Yusuf", "Bone health programme coordinator", "m.yusuf@cedarbend.example.org", null),
        contact("Outpatient scheduling", null, "scheduling@cedarbend.example.org", "+1 319 555 0150"),
      ],
      products: [
        { product: "v5", units: 2 },
        { product: "v4", units: 2 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 95 },
    listing: { listed: true },
  },
  {
    key: "northfield",
    details: {
      name: "Northfield Orthopedic & Sports Clinic",
      kind: "clinic",
      street: "3301 Elm Terrace South",
      city: "Minneapolis",
      region: "MN",
      postalCode: "55408",
      country: "US",
      phone: "+1 612 555 0163",
      email: "care@northfield-ortho.example.org",
      website: "https://northfield-ortho.example.org",
      contacts: [
        contact("Aisha Rahman", "Physiotherapist", "aisha.rahman@northfield-ortho.example.org", "+1 612 555 0164"),
        contact("Brent Carlsen", "Operations lead", "b.carlsen@northfield-ortho.example.org", null),
      ],
      products: [{ product: "v5", units: 1 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", certifiedDaysAgo: 12 },
    listing: { listed: true, changedDaysAgo: 10 },
  },
  {
    key: "mangrove-point",
    details: {
      name: "Mangrove Point Women's Health Clinic",
      kind: "clinic",
      street: "2714 West Palm Terrace",
      city: "Tampa",
      region: "FL",
      postalCode: "33606",
      country: "US",
      phone: "+1 813 555 0121",
      email: "appointments@mangrovepoint.example.org",
      website: "https://mangrovepoint.example.org",
      contacts: [contact("Sofia Rossi", "Nurse practitioner", "s.rossi@mangrovepoint.example.org", "+1 813 555 0122")],
      products: [{ product: "v5", units: 1 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "lapsed", lapsedDaysAgo: 18 },
    listing: { listed: false, changedDaysAgo: 16 },
  },
  {
    key: "turquoise-mesa",
    details: {
      name: "Turquoise Mesa Medical Center",
      kind: "hospital",
      street: "1800 Coronado Mesa Boulevard NE",
      city: "Albuquerque",
      region: "NM",
      postalCode: "87106",
      country: "US",
      phone: "+1 505 555 0177",
      email: "radiology.admin@turquoisemesa.example.org",
      website: "https://turquoisemesa.example.org",
      contacts: [
        contact("Mateo Hernández", "Imaging services supervisor", "mateo.hernandez@turquoisemesa.example.org", null),
        contact("Clinical engineering", null, "biomed@turquoisemesa.example.org", "+1 505 555 0178"),
      ],
      products: [
        { product: "v4", units: 3 },
        { product: "v5", units: 1 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 300 },
    listing: { listed: false },
    edit: { daysAgo: 20, before: { products: [{ product: "v4", units: 3 }] } },
  },
  {
    key: "bluebonnet",
    details: {
      name: "Bluebonnet Senior Wellness Clinic",
      kind: "clinic",
      street: "1207 Live Oak Crossing",
      city: "Austin",
      region: "TX",
      postalCode: "78704",
      country: "US",
      phone: "+1 512 555 0109",
      email: "wellness@bluebonnet.example.org",
      website: null,
      contacts: [contact("Ngozi Eze", "Clinic coordinator", "ngozi.eze@bluebonnet.example.org", "+1 512 555 0110")],
      products: [{ product: "v4", units: 1 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "in_training" },
    listing: { listed: false },
  },
  {
    key: "sound-summit",
    details: {
      name: "Sound & Summit Family Medicine",
      kind: "clinic",
      street: "915 Commerce Row, Suite 200",
      city: "Tacoma",
      region: "WA",
      postalCode: "98402",
      country: "US",
      phone: "+1 253 555 0154",
      email: "office@soundsummit.example.org",
      website: "https://soundsummit.example.org",
      contacts: [
        contact("Patrick O'Sullivan", "Practice administrator", "patrick.osullivan@soundsummit.example.org", null),
        contact("Mele Fifita", "Medical assistant", "m.fifita@soundsummit.example.org", "+1 253 555 0155"),
      ],
      products: [{ product: "v5", units: 2 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 520 },
    listing: { listed: true },
    edit: { daysAgo: 33, before: { phone: "+1 253 555 0151" } },
  },
  {
    key: "iron-bridge",
    details: {
      name: "Iron Bridge Rehabilitation Hospital",
      kind: "hospital",
      street: "4400 Foundry Street",
      city: "Pittsburgh",
      region: "PA",
      postalCode: "15213",
      country: "US",
      phone: "+1 412 555 0186",
      email: "rehab@ironbridge.example.org",
      website: "https://ironbridge.example.org",
      contacts: [
        contact("Yuki Tanaka", "Falls prevention lead", "y.tanaka@ironbridge.example.org", "+1 412 555 0187"),
        contact("Gloria Benavides", "Nurse manager", "g.benavides@ironbridge.example.org", null),
      ],
      products: [{ product: "v5", units: 2 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", certifiedDaysAgo: 27 },
    listing: { listed: true, changedDaysAgo: 25 },
  },
  {
    key: "pinecrest",
    details: {
      name: "Pinecrest Pharmacy Health Hub",
      kind: "clinic",
      street: "62 Chestnut Ridge Road",
      city: "Asheville",
      region: "NC",
      postalCode: "28801",
      country: "US",
      phone: "+1 828 555 0125",
      email: "healthhub@pinecrest.example.org",
      website: "https://pinecrest.example.org",
      contacts: [contact("Fatima Al-Sayed", "Pharmacist in charge", "fatima.alsayed@pinecrest.example.org", null)],
      products: [{ product: "v5", units: 1 }],
    },
    addedDaysAgo: 8,
    certification: { status: "in_training" },
    listing: { listed: false },
  },
  {
    key: "arbor-lane",
    details: {
      name: "Arbor Lane Skeletal Health Research Unit",
      kind: "research_site",
      street: "710 Arbor Lane Court",
      city: "Ann Arbor",
      region: "MI",
      postalCode: "48104",
      country: "US",
      phone: "+1 734 555 0171",
      email: "studies@arborlane.example.org",
      website: "https://arborlane.example.org",
      contacts: [
        contact("Samuel Adeyemi", "Study coordinator", "s.adeyemi@arborlane.example.org", "+1 734 555 0172"),
        contact("Ingrid Solberg", "Principal investigator", "i.solberg@arborlane.example.org", null),
      ],
      products: [
        { product: "v5", units: 4 },
        { product: "v4", units: 2 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "in_training" },
    listing: { listed: false },
  },
  {
    key: "red-mesa",
    details: {
      name: "Red Mesa Occupational Health",
      kind: "clinic",
      street: "350 East Copper Street",
      city: "Phoenix",
      region: "AZ",
      postalCode: "85004",
      country: "US",
      phone: "+1 602 555 0138",
      email: "intake@redmesa-oh.example.org",
      website: null,
      contacts: [contact("Carlos Mendoza", "Occupational health nurse", "c.mendoza@redmesa-oh.example.org", null)],
      products: [{ product: "v5", units: 1 }],
    },
    addedDaysAgo: 31,
    certification: { status: "not_certified" },
    listing: { listed: false },
  },
  {
    key: "meridian-plains",
    details: {
      name: "Meridian Plains Medical Supply",
      kind: "distributor",
      street: "2600 Grand Prairie Boulevard",
      city: "Kansas City",
      region: "MO",
      postalCode: "64108",
      country: "US",
      phone: "+1 816 555 0140",
      email: "orders@meridianplains.example.com",
      website: "https://meridianplains.example.com",
      contacts: [
        contact("Ji-woo Park", "Account manager", "jiwoo.park@meridianplains.example.com", "+1 816 555 0141"),
        contact(
          "Dale Whitaker",
          "Field service technician",
          "d.whitaker@meridianplains.example.com",
          "+1 816 555 0142",
        ),
        contact("Renée Castillo", "Sales representative", "r.castillo@meridianplains.example.com", "+1 816 555 0143"),
      ],
      products: [
        { product: "v5", units: 14 },
        { product: "v4", units: 6 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 380 },
    listing: { listed: true },
    edit: {
      daysAgo: 6,
      before: {
        contacts: [
          contact("Ji-woo Park", "Account manager", "jiwoo.park@meridianplains.example.com", "+1 816 555 0141"),
          contact(
            "Dale Whitaker",
            "Field service technician",
            "d.whitaker@meridianplains.example.com",
            "+1 816 555 0142",
          ),
        ],
      },
    },
  },
  {
    key: "tidewater",
    details: {
      name: "Tidewater Diagnostic Supply",
      kind: "distributor",
      street: "120 Harbor Gate Street",
      city: "Norfolk",
      region: "VA",
      postalCode: "23510",
      country: "US",
      phone: "+1 757 555 0119",
      email: "sales@tidewater-dx.example.com",
      website: "https://tidewater-dx.example.com",
      contacts: [contact("Marcus Bell", "Sales director", "m.bell@tidewater-dx.example.com", "+1 757 555 0120")],
      products: [
        { product: "v5", units: 8 },
        { product: "v4", units: 10 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "lapsed", lapsedDaysAgo: 41 },
    listing: { listed: true },
  },
  {
    key: "bay-meadow",
    details: {
      name: "Bay Meadow Bone Health Study Center",
      kind: "research_site",
      street: "1901 Lakeside Commons",
      city: "Oakland",
      region: "CA",
      postalCode: "94612",
      country: "US",
      phone: "+1 510 555 0192",
      email: "research@baymeadow.example.org",
      website: "https://baymeadow.example.org",
      contacts: [
        contact("Leilani Kahale", "Research nurse", "leilani.kahale@baymeadow.example.org", "+1 510 555 0193"),
      ],
      products: [{ product: "v5", units: 3 }],
    },
    addedDaysAgo: 22,
    certification: { status: "in_training" },
    listing: { listed: false },
  },
  {
    key: "maple-hollow",
    details: {
      name: "Maple Hollow Community Health Centre",
      kind: "clinic",
      street: "75 Millbrook Crescent",
      city: "Guelph",
      region: "ON",
      postalCode: "N1H 3T1",
      country: "CA",
      phone: "+1 519 555 0138",
      email: "info@maplehollow.example.org",
      website: "https://maplehollow.example.org",
      contacts: [
        contact("Isabelle Moreau", "Registered nurse", "isabelle.moreau@maplehollow.example.org", "+1 519 555 0139"),
      ],
      products: [{ product: "v4", units: 1 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "lapsed", lapsedDaysAgo: 9 },
    listing: { listed: true },
  },
  {
    key: "boreale",
    details: {
      name: "Distribution Médicale Boréale",
      kind: "distributor",
      street: "1450 rue des Érables, bureau 300",
      city: "Montréal",
      region: "QC",
      postalCode: "H2X 1Y4",
      country: "CA",
      phone: "+1 514 555 0156",
      email: "commandes@boreale-medical.example.com",
      website: "https://boreale-medical.example.com",
      contacts: [
        contact("Chloé Tremblay", "Directrice des ventes", "chloe.tremblay@boreale-medical.example.com", null),
        contact("Service technique", null, "service@boreale-medical.example.com", "+1 514 555 0157"),
      ],
      products: [
        { product: "v5", units: 9 },
        { product: "v4", units: 4 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 280 },
    listing: { listed: true },
  },
  {
    key: "larkspur",
    details: {
      name: "Larkspur Regional Hospital",
      kind: "hospital",
      street: "2210 Larkspur Way NW",
      city: "Calgary",
      region: "AB",
      postalCode: "T2N 4R5",
      country: "CA",
      phone: "+1 403 555 0165",
      email: "diagnostics@larkspur.example.org",
      website: "https://larkspur.example.org",
      contacts: [
        contact("Nadia Haddad", "Diagnostic imaging manager", "nadia.haddad@larkspur.example.org", "+1 403 555 0166"),
        contact("Procurement office", null, "procurement@larkspur.example.org", null),
      ],
      products: [{ product: "v5", units: 2 }],
    },
    addedDaysAgo: 40,
    certification: { status: "not_certified" },
    listing: { listed: false },
  },
  {
    key: "hollin-bank",
    details: {
      name: "Hollin Bank Bone Health Clinic",
      kind: "clinic",
      street: "14 Hollin Bank Terrace",
      city: "Leeds",
      region: "West Yorkshire",
      postalCode: "LS6 2QB",
      country: "GB",
      phone: "+44 113 496 0418",
      email: "reception@hollinbank.example.org",
      website: "https://hollinbank.example.org",
      contacts: [
        contact("Tomás Silva", "Clinical lead", "tomas.silva@hollinbank.example.org", "+44 113 496 0419"),
        contact("Eleanor Pryce", "Practice manager", "e.pryce@hollinbank.example.org", null),
      ],
      products: [
        { product: "v5", units: 1 },
        { product: "v4", units: 1 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "in_training" },
    listing: { listed: true },
  },
  {
    key: "kestrel",
    details: {
      name: "Kestrel Medical Devices Ltd",
      kind: "distributor",
      street: "Unit 4, Harbourside Trade Park",
      city: "Bristol",
      region: "City of Bristol",
      postalCode: "BS1 6QF",
      country: "GB",
      phone: "+44 117 496 0723",
      email: "sales@kestrel-medical.example.com",
      website: "https://kestrel-medical.example.com",
      contacts: [
        contact(
          "Oliver Bennett",
          "Product specialist",
          "oliver.bennett@kestrel-medical.example.com",
          "+44 117 496 0724",
        ),
        contact("Service desk", null, "service@kestrel-medical.example.com", "+44 117 496 0725"),
      ],
      products: [
        { product: "v5", units: 7 },
        { product: "v4", units: 3 },
      ],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 540 },
    listing: { listed: true },
  },
  {
    key: "kanalbogen",
    details: {
      name: "Forschungsambulanz Knochengesundheit am Kanalbogen",
      kind: "research_site",
      street: "Am Kanalbogen 7",
      city: "Berlin",
      region: "Berlin",
      postalCode: "10557",
      country: "DE",
      phone: "+49 30 23125 417",
      email: "studien@kanalbogen.example.org",
      website: "https://kanalbogen.example.org",
      contacts: [
        contact("Dmitri Volkov", "Studienkoordinator", "d.volkov@kanalbogen.example.org", "+49 30 23125 418"),
        contact("Johanna Albrecht", "Studienärztin", "j.albrecht@kanalbogen.example.org", null),
      ],
      products: [{ product: "v5", units: 3 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", certifiedDaysAgo: 5 },
    listing: { listed: false },
  },
  {
    key: "alpenrand",
    details: {
      name: "Alpenrand Medizintechnik GmbH",
      kind: "distributor",
      street: "Gewerbering Süd 14",
      city: "München",
      region: "Bayern",
      postalCode: "80339",
      country: "DE",
      phone: "+49 89 99998 212",
      email: "vertrieb@alpenrand.example.com",
      website: "https://alpenrand.example.com",
      contacts: [contact("Stefan Huber", "Geschäftsführer", "s.huber@alpenrand.example.com", "+49 89 99998 213")],
      products: [
        { product: "v5", units: 6 },
        { product: "v4", units: 2 },
      ],
    },
    addedDaysAgo: 47,
    certification: { status: "not_certified" },
    listing: { listed: true, changedDaysAgo: 45 },
  },
  {
    key: "jacaranda",
    details: {
      name: "Jacaranda Street Bone Health Clinic",
      kind: "clinic",
      street: "88 Jacaranda Street",
      city: "Brisbane",
      region: "QLD",
      postalCode: "4000",
      country: "AU",
      phone: "+61 7 5550 1234",
      email: "bookings@jacaranda-bone.example.org",
      website: "https://jacaranda-bone.example.org",
      contacts: [
        contact("Hemi Walker", "Practice nurse", "hemi.walker@jacaranda-bone.example.org", "+61 7 5550 1235"),
        contact("Priscilla Ng", "Clinic owner", "p.ng@jacaranda-bone.example.org", null),
      ],
      products: [{ product: "v5", units: 1 }],
    },
    addedDaysAgo: importDaysAgo,
    certification: { status: "certified", untilInDays: 260 },
    listing: { listed: true },
  },
  {
    key: "ironbark",
    details: {
      name: "Ironbark Clinical Supply Pty Ltd",
      kind: "distributor",
      street: "Level 6, 210 Flinders Walk",
      city: "Melbourne",
      region: "VIC",
      postalCode: "3000",
      country: "AU",
      phone: "+61 3 5550 2219",
      email: "hello@ironbark.example.com",
      website: "https://ironbark.example.com",
      contacts: [contact("Kenji Watanabe", "Clinical sales manager", "kenji.watanabe@ironbark.example.com", null)],
      products: [{ product: "v5", units: 5 }],
    },
    addedDaysAgo: 14,
    certification: { status: "not_certified" },
    listing: { listed: false },
  },
];
