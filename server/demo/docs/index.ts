/**
 * The demo's documentation: procedures written for the technicians and partners who
 * read the portal every day, one markdown body per doc beside this file. The set stays
 * within the products pages and the demo release history, and makes no clinical or
 * regulatory claim; where a clinical value appears, the clinician interprets it.
 */

export type DemoDoc = {
  path: string;
  title: string;
  description: string;
  position: number;
  /** The product generations it is for: the v5 unless it says otherwise. */
  products?: ("v4" | "v5")[];
  /** The path of the same page for the other generation. */
  counterpart?: string;
};

// Reading order, which is also the order a new unit is set up in.
export const demoDocs: DemoDoc[] = [
  {
    path: "getting-started",
    title: "Getting started with the Densara v5",
    description: "From a closed box to a v5 that is ready for its first quality-control scan, in three short steps.",
    position: 0,
  },
  {
    path: "getting-started/unboxing",
    title: "Unboxing and checking the contents",
    description: "Unpack a new v5, check every item against the delivery note and look for transport damage.",
    position: 0,
  },
  {
    path: "getting-started/first-power-on",
    title: "First power-on and setup",
    description: "Switch the v5 on, work through the setup assistant, check the software version and add operators.",
    position: 1,
  },
  {
    path: "getting-started/portal-sign-in",
    title: "Signing in to the partner portal",
    description: "Accept an invitation or create an account, sign in for the first time and find your way around.",
    position: 2,
  },
  {
    path: "installation",
    title: "Installation",
    description:
      "Check a room against the site sheet, install the v5 and complete the installation sign-off checklist.",
    position: 1,
  },
  {
    path: "installation/network",
    title: "Connecting the v5 to the network",
    description: "Connect by Ethernet or Wi-Fi, send results to the records system and set up a network printer.",
    position: 0,
  },
  {
    path: "calibration",
    title: "Calibration",
    description:
      "What calibration means on the v5, and how a technician runs the full calibration check with the phantom.",
    position: 2,
  },
  {
    path: "calibration/daily-phantom-check",
    title: "Daily phantom check",
    description: "The three-minute quality-control scan every operator runs before the first screening of the day.",
    position: 0,
  },
  {
    path: "reading-a-report",
    products: ["v4", "v5"],
    title: "Reading a report",
    description: "Where each section of the v5 report sits and what it shows, from the header band to the footer.",
    position: 3,
  },
  {
    path: "maintenance",
    title: "Maintenance and cleaning",
    description:
      "The care schedule, cleaning between people, replacing coupling pads, battery care and moving the unit.",
    position: 4,
  },
  {
    path: "troubleshooting",
    products: ["v4", "v5"],
    title: "Troubleshooting",
    description: "Symptoms, checks and fixes for common problems, how to restart safely and what to send to support.",
    position: 5,
  },
  {
    path: "troubleshooting/error-codes",
    products: ["v4", "v5"],
    title: "Error codes",
    description: "Each error code a unit can show, what it means, what to do and whether screening can go on.",
    position: 0,
  },
  {
    path: "troubleshooting/network-and-export",
    title: "Network and export problems",
    description: "Find why a v5 cannot reach the network, why results do not arrive or why reports do not print.",
    position: 1,
  },
  {
    path: "software-updates",
    title: "Software updates",
    description:
      "Choose the right release on the Releases page, check it and install it on a v5 from USB or the portal.",
    position: 6,
  },
  {
    path: "software-updates/verify-checksum",
    title: "Verifying a download",
    description: "Check a downloaded package against the SHA-256 on the Releases page, on Linux, macOS or Windows.",
    position: 0,
  },
  {
    path: "operator-certification",
    title: "Operator certification",
    description:
      "The certification path, practising in training mode and recording each operator's certificate on a v5.",
    position: 7,
  },
  {
    path: "v4",
    products: ["v4"],
    title: "Densara v4",
    description:
      "For owners of the previous generation: how the v4 differs, its daily check, printer, exports and trade-in.",
    position: 8,
  },
  {
    path: "v4/software-updates",
    products: ["v4"],
    counterpart: "software-updates",
    title: "Updating the v4",
    description:
      "Install a v4 release from a USB stick through Service → Update, with the checks to run before and after.",
    position: 0,
  },
];
