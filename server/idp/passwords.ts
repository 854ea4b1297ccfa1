import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from "node:crypto";

function scrypt(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize("NFKC"), salt, length, options, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

/** Work factors (OWASP: N=2^17, r=8, p=1 uses about 128 MiB per hash). */
const scryptParameters = { N: 2 ** 17, r: 8, p: 1 } as const;
const keyLength = 32;

/** "scrypt$N$r$p$salt$hash": self-describing, so the work factor can rise without breaking old hashes. */
export async function hashPassword(password: string, parameters = scryptParameters): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(password, salt, keyLength, { ...parameters, maxmem: 256 * 1024 * 1024 });
  return [
    "scrypt",
    parameters.N,
    parameters.r,
    parameters.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (scheme !== "scrypt" || !n || !r || !p || !salt || !hash) return false;
  const expected = Buffer.from(hash, "base64url");
  const key = await scrypt(password, Buffer.from(salt, "base64url"), expected.length, {
    N: Number(n),
    r: Number(r),
    p: Number(p),
    maxmem: 256 * 1024 * 1024,
  });
  return key.length === expected.length && timingSafeEqual(key, expected);
}

/** Rules for a new password: long enough to resist guessing, short enough to hash. */
export function passwordProblem(password: string): string | undefined {
  if (password.length < 12) return "Use at least 12 characters.";
  if (password.length > 256) return "Use at most 256 characters.";
  return undefined;
}
