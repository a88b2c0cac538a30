/** A failure of the embedded database the shop can explain (no binaries, refused to run, did not start). */
export class EmbeddedPostgresError extends Error {}
