#!/usr/bin/env python3
"""A null-modem cable made of two pseudo-terminals, for the TQ/1 shuffler link.

usage: pty-pair.py <linkA> <linkB>

Opens two ptys in raw mode, links <linkA> and <linkB> to their slave devices,
relays bytes between the two masters, and prints `READY <linkA> <linkB>`.
Exits cleanly, removing the links, when stdin closes or on SIGTERM/SIGINT.
It keeps its own slave descriptors open so a port can close and reopen
without the relay seeing EIO. Only the standard library is used.
"""
import errno
import os
import pty
import select
import signal
import sys
import tty

MAX_PENDING = 1 << 16  # bytes held for a side nobody reads; older bytes are lost, as on a real line


def main() -> int:
    if len(sys.argv) != 3:
        print("usage: pty-pair.py <linkA> <linkB>", file=sys.stderr)
        return 2
    links = sys.argv[1:3]
    masters, slaves = [], []
    for _ in links:
        master, slave = pty.openpty()
        tty.setraw(slave)
        tty.setraw(master)
        os.set_blocking(master, False)
        masters.append(master)
        slaves.append(slave)

    def stop(_signum, _frame):
        raise SystemExit(0)

    signal.signal(signal.SIGTERM, stop)
    signal.signal(signal.SIGINT, stop)
    made = []
    try:
        for link, slave in zip(links, slaves):
            if os.path.lexists(link):
                os.unlink(link)
            os.symlink(os.ttyname(slave), link)
            made.append(link)
        print("READY %s %s" % (links[0], links[1]), flush=True)
        relay(masters)
    finally:
        for link in made:
            try:
                os.unlink(link)
            except OSError:
                pass
    return 0


def relay(masters):
    a, b = masters
    peer = {a: b, b: a}
    pending = {a: bytearray(), b: bytearray()}  # bytes waiting to be written to that master
    stdin = sys.stdin.fileno()
    while True:
        writers = [m for m in masters if pending[m]]
        readable, writable, _ = select.select([a, b, stdin], writers, [], 1.0)
        if stdin in readable and not os.read(stdin, 4096):
            return
        for m in readable:
            if m == stdin:
                continue
            try:
                data = os.read(m, 65536)
            except OSError as e:
                if e.errno in (errno.EIO, errno.EAGAIN):
                    continue
                raise
            out = pending[peer[m]]
            out += data
            if len(out) > MAX_PENDING:
                del out[: len(out) - MAX_PENDING]
        for m in writable:
            try:
                n = os.write(m, pending[m])
                del pending[m][:n]
            except OSError as e:
                if e.errno not in (errno.EIO, errno.EAGAIN):
                    raise


if __name__ == "__main__":
    sys.exit(main())
