/**
 * The cookie that says a toast from the previous page may be waiting (app/features/auth/lib/flash.ts).
 * Its own module: the entry script reads it to start the app at once, without loading the toasts.
 */
export const FLASH_MARKER = 'flash-toast';
