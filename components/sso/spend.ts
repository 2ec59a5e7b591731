// Monthly spend as the customer's token gave it: a number in their own currency (unnamed), so it
// is shown as a number, grouped, without a currency sign.
const whole = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

export function formatSpend(amount: number): string {
  return whole.format(amount);
}

/** "Acme Inc · 1,200/mo" */
export function companyLabel(company: { name: string; monthlySpend: number }): string {
  return company.monthlySpend > 0 ? `${company.name} · ${formatSpend(company.monthlySpend)}/mo` : company.name;
}
