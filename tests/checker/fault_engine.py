"""A misbehaving engine for the checker's fault tests, run as a child process:
``python fault_engine.py MODE``. It answers correctly (through the project's handler) except for
the fault MODE names."""

import json
import sys
import time

from arbiter.model.red7.protocol import handle_line

MODE = sys.argv[1]
if MODE == "crash-at-start":
    sys.stderr.write("Traceback (most recent call last):\nRuntimeError: engine failed to start\n")
    sys.exit(3)
if MODE == "stderr-flood":
    sys.stderr.write("x" * (1 << 20) + "\n")  # more than a pipe holds: a careless driver deadlocks
    sys.stderr.flush()

for count, line in enumerate(sys.stdin):
    answer = handle_line(line)
    if count >= 1:  # after hello
        if MODE == "crash":
            sys.stderr.write("Traceback (most recent call last):\nZeroDivisionError: division by zero\n")
            sys.exit(1)
        if MODE == "hang":
            time.sleep(60)  # the checker must kill it long before
        if MODE == "garbage":
            print("loading rules... done")
        if MODE == "non-json":
            print("leader is player 0")
            sys.stdout.flush()
            continue
        if MODE == "wrong-id":
            answer["id"] = answer["id"] + 1000
        if MODE == "slow":
            time.sleep(5)
        if MODE == "slow-but-in-time":
            time.sleep(0.05)
    if MODE == "stderr":
        sys.stderr.write(f"debug: answered {answer.get('id')}\n")
    if MODE == "bad-hello" and count == 0:
        answer["protocol"] = "uci"
    print(json.dumps(answer))
    sys.stdout.flush()

if MODE == "no-exit":
    time.sleep(60)  # the checker must kill it long before
if MODE == "bad-exit":
    sys.exit(4)
