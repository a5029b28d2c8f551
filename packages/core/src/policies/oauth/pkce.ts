import type { Hasher } from "../../ports/hasher.js";

// RFC 7636 4.1: 43-128 characters of [A-Z] / [a-z] / [0-9] / "-" / "." / "_" / "~".
const VERIFIER = /^[A-Za-z0-9\-._~]{43,128}$/;
// A S256 challenge is the unpadded base64url of 32 bytes: exactly 43 characters.
const S256_CHALLENGE = /^[A-Za-z0-9_-]{43}$/;

export function isValidCodeVerifier(verifier: string): boolean {
  return VERIFIER.test(verifier);
}

export function isValidS256Challenge(challenge: string): boolean {
  return S256_CHALLENGE.test(challenge);
}

/** S256 only: the plain method is unsupported (spec, Authentication 6). */
export function verifyPkce(hasher: Hasher, verifier: string, challenge: string): boolean {
  if (!isValidCodeVerifier(verifier)) return false;
  return hasher.timingSafeEqual(hasher.sha256Base64Url(verifier), challenge);
}
