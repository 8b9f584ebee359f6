import { useState } from "react";
import { AppProvider } from "./provider.tsx";
import { AppRouter, createAppRouter } from "./router.tsx";

export function App() {
  const [router] = useState(createAppRouter);
  return (
    <AppProvider>
      <AppRouter router={router} />
    </AppProvider>
  );
}
