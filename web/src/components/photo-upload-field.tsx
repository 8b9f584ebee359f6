import { Input } from "@web/components/ui/input.tsx";
import { uploadPhoto } from "@web/lib/photo-upload.ts";
import { useId, useState } from "react";
import { PHOTO_CONTENT_TYPES } from "#shared/schemas/uploads";

/** "Upload Photo": picks a JPEG, PNG or WebP of at most 5 MB and hands back its address once stored. */
export function PhotoUploadField({ onUploaded }: { onUploaded: (imageUrl: string) => void }) {
  const id = useId();
  const [state, setState] = useState<
    { kind: "idle" | "uploading" | "done" } | { kind: "error"; message: string }
  >({ kind: "idle" });
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        Upload Photo
      </label>
      <Input
        id={id}
        type="file"
        accept={PHOTO_CONTENT_TYPES.join(",")}
        disabled={state.kind === "uploading"}
        aria-describedby={`${id}-status`}
        onChange={async (event) => {
          const file = event.target.files?.[0];
          if (!file) return;
          setState({ kind: "uploading" });
          try {
            onUploaded(await uploadPhoto(file));
            setState({ kind: "done" });
          } catch (error) {
            setState({ kind: "error", message: (error as Error).message });
          }
        }}
      />
      <p
        id={`${id}-status`}
        role={state.kind === "error" ? "alert" : "status"}
        className={state.kind === "error" ? "text-sm text-destructive" : "text-sm text-muted-foreground"}
      >
        {state.kind === "uploading" && "Uploading…"}
        {state.kind === "done" && "Photo uploaded."}
        {state.kind === "error" && state.message}
        {state.kind === "idle" && "JPEG, PNG or WebP, at most 5 MB."}
      </p>
    </div>
  );
}
