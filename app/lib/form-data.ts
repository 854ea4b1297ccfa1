/** Reading a submitted form on the server: a field is a string or it is absent (the API checks the rest). */
export function text(form: FormData, name: string): string | undefined {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
}

/** The body of a request as a form, or null when it is not one (a wrong Content-Type, a broken body). */
export async function formOf(request: Request): Promise<FormData | null> {
  try {
    return await request.formData();
  } catch {
    return null;
  }
}
