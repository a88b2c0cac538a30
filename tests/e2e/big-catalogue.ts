/** The big shop's size: its seed (big-catalogue-seed.ts) and its spec (big-catalogue.spec.ts). */
export const BIG_CATALOGUE_SIZE = 5_000;
