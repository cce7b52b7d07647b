/**
 * Why a listener could not start, as the one line a start-up refusal prints (naming the setting
 * to change), or undefined for an error that is not about the port (re-thrown as it is).
 */
export function listenRefusal(setting: string, port: number, error: unknown): string | undefined {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'EADDRINUSE')
    return `Start-up refused: port ${port} (${setting}) is in use by another process: stop it, or set ${setting} to a free port`;
  if (code === 'EACCES')
    return `Start-up refused: port ${port} (${setting}) needs privileges this process does not have: set ${setting} to a port above 1023`;
  if (code === 'EADDRNOTAVAIL')
    return `Start-up refused: the address to listen on for ${setting} is not on this host: check HOST`;
  return undefined;
}
