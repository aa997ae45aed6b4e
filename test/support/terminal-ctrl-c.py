# A person at a terminal: runs a command on a pseudo-terminal (its own session and
# foreground process group), waits for its banner, types Ctrl-C once — the line
# discipline then sends SIGINT to the whole foreground group, as a real terminal
# does — and prints "PID <pid>", the command's output and "EXIT <code>".
# usage: terminal-ctrl-c.py <banner-regex> <timeout-s> <argv...>
import os, pty, sys, time, select, re
pattern, timeout, argv = re.compile(sys.argv[1]), float(sys.argv[2]), sys.argv[3:]
pid, fd = pty.fork()
if pid == 0:
    os.execvp(argv[0], argv)
print('PID', pid, flush=True)
out = b''
def read_until(cond, until):
    global out
    while time.time() < until and not cond():
        r, _, _ = select.select([fd], [], [], 0.1)
        if r:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                return
            if not chunk:
                return
            out += chunk
read_until(lambda: pattern.search(out.decode('utf8', 'replace')), time.time() + timeout)
if not pattern.search(out.decode('utf8', 'replace')):
    sys.stdout.write(out.decode('utf8', 'replace'))
    print('\nNO BANNER', flush=True)
os.write(fd, b'\x03')
deadline = time.time() + 60
status = None
while time.time() < deadline:
    read_until(lambda: False, time.time() + 0.2)
    done, st = os.waitpid(pid, os.WNOHANG)
    if done:
        status = st
        break
read_until(lambda: False, time.time() + 0.5)
sys.stdout.write(out.decode('utf8', 'replace'))
if status is None:
    os.kill(pid, 9); print('\nEXIT timeout')
else:
    print('\nEXIT', os.waitstatus_to_exitcode(status))
