/** The orchlint version printed by --version and in every report. */
export const version = '0.2.0';
