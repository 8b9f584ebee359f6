import { PageContainer } from "@web/components/page-header.tsx";
import { Card, CardContent, CardHeader, CardTitle } from "@web/components/ui/card.tsx";
import { useDocumentTitle } from "@web/lib/document-title.ts";
import type { ReactNode } from "react";

/** A settings page: its title (the h1 and the document's) over a narrow column of section cards. */
export function SettingsColumn({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <PageContainer>
      <div className="mx-auto grid max-w-2xl gap-6">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {children}
      </div>
    </PageContainer>
  );
}

export function SettingsCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  );
}
