/**
 * The demo's search synonyms: the words technicians and clinic staff type for what the
 * docs call by another name. Each group is one row of the docs admin page's "Search
 * synonyms" list, which editors keep.
 */
export const demoSynonyms: string[][] = [
  ["Wi-Fi", "wireless", "WLAN"],
  ["QC", "quality control", "daily check", "phantom check"],
  ["DEXA", "DXA"],
  ["ultrasound gel", "coupling gel", "contact gel"],
  ["Ethernet", "LAN", "network cable"],
  ["USB stick", "USB drive", "memory stick", "flash drive"],
  ["restart", "reboot", "power cycle"],
  ["checksum", "SHA-256", "hash"],
  ["power adapter", "charger", "power supply"],
  ["software update", "upgrade", "firmware"],
];
