export { EntryStore, type Entry, type StoredEntries, type StoredLog } from './entry-store.js';
export { noteReads, recordingHost, type InputNotes, type ReadLog } from './read-log.js';
export { hashText, keyOf, sealed, unsealed } from './sealed.js';
export { BUILD_DIGEST_FILE, buildIdOf, presence, stampOf, stampSafely } from './stamp.js';
