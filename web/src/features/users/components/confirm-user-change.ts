/** The confirmation before a role change or a block (sweetalert2, loaded with the first popup). */
export async function confirmUserChange(title: string, text: string, confirmButtonText: string): Promise<boolean> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({ icon: 'warning', title, text, showCancelButton: true, confirmButtonText });
  return result.isConfirmed;
}
