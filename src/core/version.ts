/** The product version, printed by the CLI and carried in settings signatures. */
export const SIEVE_VERSION = '0.1.0';
