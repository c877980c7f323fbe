import { OFFLINE_DB_NAME } from '#app/lib/offline-db.ts';

/** Deletes the app's IndexedDB database (fake-indexeddb), so a test starts on a device that holds nothing. */
export const deleteOfflineDb = () =>
  new Promise<void>((resolve) => {
    const req = indexedDB.deleteDatabase(OFFLINE_DB_NAME);
    req.onsuccess = req.onerror = req.onblocked = () => resolve();
  });
