/** A contact form message as a browser sends it (the fields of /about/contact), for the HTTP tests. */
export const contactFormMessage = {
  topic: "service",
  name: "Ruth Okafor",
  email: "ruth@clinic.example",
  phone: "",
  organization: "Lakeside Bone Clinic",
  country: "US",
  region: "Wisconsin",
  product: "v4",
  serialNumber: "D4-100233",
  message: "Our v4 needs its yearly calibration; can you book a visit?",
  consentToContact: "true",
  website: "",
};
