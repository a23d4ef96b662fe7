# label: evasion
# family: imports
def main() -> int:
    return 0


if __name__ == "__main__":
    import subprocess  # want: SBX101

    subprocess.run(["sh", "-c", "id"], check=False)
    main()
