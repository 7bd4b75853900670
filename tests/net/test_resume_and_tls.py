"""A host stopped mid-game resumes its tables from its saves and the players rejoin; wss:// with a certificate.
Real sockets on 127.0.0.1."""

from __future__ import annotations

import shutil
import ssl
import subprocess
from pathlib import Path

import pytest

from hanabi_desktop.engine import Play
from hanabi_desktop.net.host import HostThread
from hanabi_desktop.net.protocol import CreateTable, Limits
from hanabi_desktop.net.saving import TableSaver
from tests.net.conftest import LOOPBACK, Watcher, after, url
from tests.waiting import wait_until


def test_a_stopped_host_resumes_its_table_and_the_players_rejoin_their_seats(tmp_path: Path) -> None:
    first = HostThread(Limits(), pace="instant", saves=tmp_path)
    first.start(LOOPBACK, 0)
    table = first.create_table(CreateTable("t", ("open", "open", "conventions")))
    ann, bob = Watcher(url(first)), Watcher(url(first))
    ann.client.join(table.code, 0, "Ann")
    bob.client.join(table.code, 1, "Bob")
    ann.wait_type("joined")
    bob.wait_type("joined")
    first.start_game(table)
    view = ann.wait_type("state").data["view"]
    ann.client.act(Play(view["hands"][0][0]))
    bob_view = after(bob.wait_type("state").data["view"],
                     bob.wait(lambda m: m.type == "update" and m.data["index"] == 0).data)
    wait_until(lambda: (tmp_path / f"{table.code}.json").exists() and b'"actions": [{' in
               (tmp_path / f"{table.code}.json").read_bytes())
    tokens = (ann.client.token, bob.client.token)
    ann.close()
    bob.close()
    first.stop()  # the host's program ends mid-game

    again = HostThread(Limits(), pace="instant", saves=tmp_path)
    again.start(LOOPBACK, 0)
    try:
        bob2 = Watcher(url(again))
        bob2.client.rejoin(table.code, tokens[1])
        assert bob2.wait_type("joined").data["seat"] == 1
        assert bob2.wait_type("state").data["view"] == bob_view  # the same view as before the host stopped
        bob2.client.act(Play(bob_view["hands"][1][0]))
        moved = bob2.wait_type("update").data
        assert (moved["index"], moved["seat"]) == (1, 1)
        assert bob2.wait_type("update").data["seat"] == 2  # the table's bot plays on after the resume
        bob2.close()
    finally:
        again.stop()


def test_a_damaged_save_is_set_aside_and_the_others_load(tmp_path: Path) -> None:
    (tmp_path / "AAAABBBBCCCC.json").write_text('{"format": 1, "code": "nope"}')
    (tmp_path / "DDDDEEEEFFFF.json").write_text("not json")
    assert TableSaver(tmp_path).load_all("instant") == []
    kept = sorted(p.name for p in tmp_path.iterdir())
    assert len(kept) == 2 and all(".damaged-" in name for name in kept)  # nothing is deleted


@pytest.fixture
def certificate(tmp_path: Path) -> tuple[Path, Path]:
    if shutil.which("openssl") is None:
        pytest.skip("the openssl command is not installed")
    cert, key = tmp_path / "cert.pem", tmp_path / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj",
                    "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", str(key), "-out",
                    str(cert)], check=True, capture_output=True)
    return cert, key


def test_a_client_plays_over_wss(certificate: tuple[Path, Path]) -> None:
    cert, key = certificate
    server_tls = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    server_tls.load_cert_chain(cert, key)
    host = HostThread(Limits(), pace="instant")
    host.start(LOOPBACK, 0, tls=server_tls)
    try:
        table = host.create_table(CreateTable("t", ("open", "conventions")))
        trusted = ssl.create_default_context(cafile=str(cert))
        ann = Watcher(f"wss://{LOOPBACK}:{host.port}", tls=trusted)
        ann.client.join(table.code, 0, "Ann")
        ann.wait_type("joined")
        host.start_game(table)
        view = ann.wait_type("state").data["view"]
        ann.client.act(Play(view["hands"][0][0]))
        assert ann.wait_type("update").data["seat"] == 0
        ann.close()
        untrusted = Watcher(f"wss://{LOOPBACK}:{host.port}", reconnect=False)  # the system's CAs: refused
        assert untrusted.wait_type("connection").data["state"] == "closed"
        untrusted.close()
    finally:
        host.stop()
