/** The login form: a session from the login service; the workspace shows while the session is good. */
import { ApiError, type ApiClient } from './api-client.js';
import { byId } from './dom.js';

function showWorkspace(loggedIn: boolean): void {
  byId('login').hidden = loggedIn;
  byId('workspace').hidden = !loggedIn;
}

/** `onSession` runs whenever the page has a session: after a login, or at once when the tab kept one. */
export function installLogin(api: ApiClient, onSession: () => void): void {
  const form = byId<HTMLFormElement>('login');
  const error = byId('login-error');
  form.addEventListener('submit', async (event) => {
    event.preventDefault();
    const fields = new FormData(form);
    error.textContent = '';
    try {
      await api.login(String(fields.get('username')), String(fields.get('password')));
      form.reset();
      showWorkspace(true);
      onSession();
    } catch (failure) {
      error.textContent = failure instanceof ApiError ? failure.message : 'The service cannot be reached';
    }
  });
  byId('logout').addEventListener('click', () => api.logout());
  api.onLoggedOut = () => showWorkspace(false);
  showWorkspace(api.loggedIn);
  if (api.loggedIn) onSession();
}
