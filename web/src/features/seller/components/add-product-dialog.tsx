import { zodResolver } from "@hookform/resolvers/zod";
import { ProductFormFields, type ProductFormValues } from "@web/components/product-form-fields.tsx";
import { Button } from "@web/components/ui/button.tsx";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from "@web/components/ui/dialog.tsx";
import { Form } from "@web/components/ui/form.tsx";
import { toast } from "@web/components/ui/use-toast.ts";
import { getServerMessage } from "@web/lib/api-client.ts";
import { useForm } from "react-hook-form";
import { type ProductFormInput, productFormSchema, sellerProductFormDefaults } from "#shared/schemas/seller";
import { useCreateSellerProduct } from "../api/create-seller-product.ts";

/** "Add New Product": on success the dialog closes, the form resets and the product list refetches. */
export function AddProductDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const createProduct = useCreateSellerProduct();
  const form = useForm<ProductFormValues, unknown, ProductFormInput>({
    resolver: zodResolver(productFormSchema),
    defaultValues: { ...sellerProductFormDefaults },
  });

  const onSubmit = form.handleSubmit((values) =>
    createProduct.mutate(values, {
      onSuccess: () => {
        toast({ title: "Product created!", description: "Your product has been submitted for approval." });
        form.reset();
        onOpenChange(false);
      },
      onError: (error) => {
        toast({
          variant: "destructive",
          title: "Failed to create product",
          description: getServerMessage(error, "Please try again."),
        });
      },
    }),
  );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-2xl">
        <DialogHeader>
          <DialogTitle>Add New Product</DialogTitle>
          <DialogDescription>An admin reviews every product before its auction goes live.</DialogDescription>
        </DialogHeader>
        <Form {...form}>
          <form onSubmit={onSubmit} noValidate className="grid gap-6" aria-label="Add New Product">
            <ProductFormFields form={form} />
            <DialogFooter>
              <Button variant="outline" onClick={() => onOpenChange(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={createProduct.isPending}>
                {createProduct.isPending ? "Adding..." : "Add Product"}
              </Button>
            </DialogFooter>
          </form>
        </Form>
      </DialogContent>
    </Dialog>
  );
}
