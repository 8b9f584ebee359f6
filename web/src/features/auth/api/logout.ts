import { api } from "@web/lib/api-client.ts";

/** POST /api/auth/logout, then a full reload to "/" whatever happened (a failure is only logged). */
export async function logoutAndReload(): Promise<void> {
  try {
    await api.post<{ ok: true }>("/api/auth/logout");
  } catch (error) {
    console.error("Logout failed", error);
  }
  window.location.href = "/";
}
