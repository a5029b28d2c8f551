// What a brand impersonation rule finds, and the thresholds and splits the rules share.

import type { Brand } from "./lists/brands.js";
import type { BrandTechnique } from "./brand-impersonation.js";

export interface Finding {
  readonly brand: Brand;
  readonly technique: BrandTechnique;
  readonly points: number;
  readonly confidence: number;
  readonly floor: number;
  readonly label: string;
  /** The rule's id when it is not the technique's own (`brand_<technique>`): the same technique in another setting. */
  readonly rule?: string;
}

export const DETECTED_AT = 0.55;
export const LEGITIMACY_POINTS = -30;
export const TOKEN_SPLIT = /[^a-z]+/;
export const PATH_SPLIT = /[^a-z0-9_-]+/;
export const WORD_SEPARATORS = /[_-]+/;
export const SPELLED_SPLIT = /[.-]/;
export const REPEATS = /([a-z])\1+/g;
export const MAX_PATH_CHARS = 256;
