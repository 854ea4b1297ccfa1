/**
 * The US states (with the District of Columbia and Puerto Rico), by postal code, each
 * with its place on the locations page's tile map: a grid where every state is one square,
 * roughly where it lies, so the small ones of the north-east are as easy to read and to
 * select as Texas.
 */
export type UsState = { code: string; name: string; row: number; column: number };

const tiles = `
AK Alaska 0 0|ME Maine 0 10|VT Vermont 1 9|NH New Hampshire 1 10|
WA Washington 2 0|ID Idaho 2 1|MT Montana 2 2|ND North Dakota 2 3|MN Minnesota 2 4|IL Illinois 2 5|WI Wisconsin 2 6|MI Michigan 2 7|NY New York 2 8|RI Rhode Island 2 9|MA Massachusetts 2 10|
OR Oregon 3 0|NV Nevada 3 1|WY Wyoming 3 2|SD South Dakota 3 3|IA Iowa 3 4|IN Indiana 3 5|OH Ohio 3 6|PA Pennsylvania 3 7|NJ New Jersey 3 8|CT Connecticut 3 9|
CA California 4 0|UT Utah 4 1|CO Colorado 4 2|NE Nebraska 4 3|MO Missouri 4 4|KY Kentucky 4 5|WV West Virginia 4 6|VA Virginia 4 7|MD Maryland 4 8|DE Delaware 4 9|
AZ Arizona 5 1|NM New Mexico 5 2|KS Kansas 5 3|AR Arkansas 5 4|TN Tennessee 5 5|NC North Carolina 5 6|SC South Carolina 5 7|DC District of Columbia 5 8|
OK Oklahoma 6 3|LA Louisiana 6 4|MS Mississippi 6 5|AL Alabama 6 6|GA Georgia 6 7|
HI Hawaii 7 0|TX Texas 7 3|FL Florida 7 8|PR Puerto Rico 7 10`;

export const usStates: readonly UsState[] = tiles
  .split("|")
  .map((entry) => entry.trim())
  .filter(Boolean)
  .map((entry) => {
    const match = /^([A-Z]{2}) (.+) (\d+) (\d+)$/.exec(entry);
    if (!match) throw new Error(`us-states: cannot read "${entry}"`);
    const [, code = "", name = "", row = "0", column = "0"] = match;
    return { code, name, row: Number(row), column: Number(column) };
  });

/** Canada's provinces and territories, by postal abbreviation: searched by name as the states are. */
export const canadianProvinces: readonly { code: string; name: string }[] = [
  ["AB", "Alberta"],
  ["BC", "British Columbia"],
  ["MB", "Manitoba"],
  ["NB", "New Brunswick"],
  ["NL", "Newfoundland and Labrador"],
  ["NS", "Nova Scotia"],
  ["NT", "Northwest Territories"],
  ["NU", "Nunavut"],
  ["ON", "Ontario"],
  ["PE", "Prince Edward Island"],
  ["QC", "Quebec"],
  ["SK", "Saskatchewan"],
  ["YT", "Yukon"],
].map(([code = "", name = ""]) => ({ code, name }));

/** The tile map's size, in tiles. */
export const tileGrid = {
  rows: Math.max(...usStates.map((state) => state.row)) + 1,
  columns: Math.max(...usStates.map((state) => state.column)) + 1,
};
