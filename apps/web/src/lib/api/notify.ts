type Notifier = (message: string) => void;

// antd's message API needs the app context; the providers install it at start
let notifier: Notifier = (message) => console.error(message);

/** Installs how errors are shown (an antd message toast once the app is mounted). */
export function setErrorNotifier(fn: Notifier) {
  notifier = fn;
}

/** Shows an error toast. */
export function notifyError(message: string) {
  notifier(message);
}
