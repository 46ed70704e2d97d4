/** The server's version, in its `serverInfo` and in the build its start-up cache is keyed by. */
export const SERVER_VERSION = '0.2.0';
