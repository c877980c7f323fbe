/** Whether `cookie` (document.cookie by default) holds a cookie of this name. */
export const hasCookie = (name: string, cookie = document.cookie): boolean => cookie.split(';').some((part) => part.trim().startsWith(`${name}=`));
